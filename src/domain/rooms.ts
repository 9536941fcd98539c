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
  },
  {
    id: 'executive',
    title: 'Suit Room',
    image: '/images/room-executive.svg',
    imageAlt: 'Suit Room with a bed, a sofa, plants and doors onto a balcony',
    description: 'A larger suite with a sitting area and a private balcony.',
    features: ['King-size bed', 'Sitting area with sofa', 'Private balcony', 'Breakfast for two'],
    packages: [{ name: 'Room With Breakfast', price: 4500, discountPrice: 4000 }],
  },
];

/**
 * How many rooms of each type the hotel had before the owner set them (issue 22): migration 009
 * seeded room_types with these. Hotel mode reads the rooms from room_types, set on the Prices &
 * rooms screen; this is only the fallback for a room type that table lacks. (Kept apart from the
 * catalogue, so that the browser's bundle carries none of it.)
 */
export const roomsAtFirstStart: Readonly<Record<RoomId, number>> = { deluxe: 8, executive: 4 };

export const maxRoomCount = 3;
export const roomCountOptions = [0, 1, 2, 3] as const;

export function findRoom(id: string | null | undefined): RoomType | undefined {
  return rooms.find((room) => room.id === id);
}

export function findPackage(roomId: string | null | undefined, packageIndex: number | null | undefined): RoomPackage | undefined {
  if (packageIndex == null) return undefined;
  return findRoom(roomId)?.packages[packageIndex];
}
