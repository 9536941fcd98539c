export interface GalleryPhoto {
  src: string;
  alt: string;
}

export const gallery: readonly GalleryPhoto[] = [
  { src: '/images/gallery-1.svg', alt: 'Swimming pool with sun loungers beside the garden' },
  { src: '/images/gallery-2.svg', alt: 'Garden path lined with flowering shrubs' },
  { src: '/images/gallery-3.svg', alt: 'Lobby with arches and warm lamps' },
  { src: '/images/gallery-4.svg', alt: 'Bonfire under a starry night sky' },
  { src: '/images/gallery-5.svg', alt: 'Jeep on a winding hill road' },
  { src: '/images/gallery-6.svg', alt: 'Sunrise over a misty valley' },
  { src: '/images/gallery-7.svg', alt: 'Cosy guest room with a bed beside the window' },
  { src: '/images/gallery-8.svg', alt: 'Indoor games room with a table-tennis table' },
];

export interface Service {
  name: string;
  text: string;
}

export const services: readonly Service[] = [
  { name: 'Room service', text: 'From 7 am to 11 pm, to your door.' },
  { name: 'Same-day laundry', text: 'Hand it in by morning, wear it by evening.' },
  { name: 'Tours and transport', text: 'We help book tours, cabs, and pickup and drop.' },
  { name: 'Indoor games and gym', text: 'Carrom, table tennis and a small gym for rainy days.' },
  { name: 'Bonfire and jeep rides', text: 'Evenings by the fire and mornings in the hills.' },
];
