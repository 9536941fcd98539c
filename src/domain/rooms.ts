export interface RoomPackage {
  name: string;
  /** Original price per room per night, INR. */
  price: number;
  /** Discounted price per room per night, INR, tax exclusive. */
  discountPrice: number;
}

export interface RoomType {
  id: RoomId;
  title: string;
  image: string;
  imageAlt: string;
  description: string;
  features: readonly string[];
  packages: readonly RoomPackage[];
  /** How many rooms of this type the hotel has: the most that hotel mode lets be booked for one night. */
  roomsInHotel: number;
}

export type RoomId = 'deluxe' | 'executive';

export const rooms: readonly RoomType[] = [
  {
    id: 'deluxe',
    title: 'Classic Room',
    image: '/images/room-deluxe.svg',
    imageAlt: 'Classic Room with a double bed and a window looking out on green hills',
    description: 'A bright, quiet double room with a view of the hills.',
    features: ['Double bed', 'Breakfast for two', 'Free Wi-Fi', 'Hot water around the clock'],
    packages: [{ name: 'Room With Breakfast', price: 3500, discountPrice: 3000 }],
    roomsInHotel: 8,
  },
  {
    id: 'executive',
    title: 'Suit Room',
    image: '/images/room-executive.svg',
    imageAlt: 'Suit Room with a bed, a sofa, plants and doors onto a balcony',
    description: 'A larger suite with a sitting area and a private balcony.',
    features: ['King-size bed', 'Sitting area with sofa', 'Private balcony', 'Breakfast for two'],
    packages: [{ name: 'Room With Breakfast', price: 4500, discountPrice: 4000 }],
    roomsInHotel: 4,
  },
];

export const maxRoomCount = 3;
export const roomCountOptions = [0, 1, 2, 3] as const;

export function findRoom(id: string | null | undefined): RoomType | undefined {
  return rooms.find((room) => room.id === id);
}

export function findPackage(roomId: string | null | undefined, packageIndex: number | null | undefined): RoomPackage | undefined {
  if (packageIndex == null) return undefined;
  return findRoom(roomId)?.packages[packageIndex];
}
