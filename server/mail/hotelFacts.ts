import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The hotel's name, address and phone as the site shows them (src/shared/site.json). The server
 * may import only src/domain, so the file is read as data, once.
 */
export interface HotelFacts {
  name: string;
  address: string[];
  phone: string;
  email: string;
}

let facts: HotelFacts | null = null;

export function hotelFacts(): HotelFacts {
  if (!facts) {
    const file = path.resolve(__dirname, '../../src/shared/site.json');
    const site = JSON.parse(readFileSync(file, 'utf8')) as Partial<HotelFacts>;
    facts = {
      name: String(site.name ?? 'The hotel'),
      address: Array.isArray(site.address) ? site.address.map(String) : [],
      phone: String(site.phone ?? ''),
      email: String(site.email ?? ''),
    };
  }
  return facts;
}
