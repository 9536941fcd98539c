import type { FastifyReply } from 'fastify';
import { parseGuestsParam } from '../src/domain/roomGuests';
import type { RoomGuests } from '../src/domain/roomGuests';
import { refusalBody } from './bookingRules';
import { stayRefusalOf } from './db/bookingQueries';

/** A stay's guests as a query string gives them (src/domain/roomGuests.ts guestsParam): null when absent, undefined when malformed. */
export function guestsOfQuery(text: string | undefined): RoomGuests[] | null | undefined {
  if (text === undefined || text === '') return null;
  return parseGuestsParam(text) ?? undefined;
}

export const guestsParamProblem =
  'guests: each room as its adults, then a colon and the children’s ages by dots, rooms by commas ("2:7.4,2")';

/**
 * Prices a stay for a quote (stay_lines, functions/prices.sql); a plan that is off or guests past
 * the owner's limits are answered 409 with the confirm's words, and null is returned.
 */
export async function pricedOrRefused<T>(reply: FastifyReply, price: () => Promise<T>): Promise<T | null> {
  try {
    return await price();
  } catch (error) {
    const refusal = await stayRefusalOf(error, '', () => Promise.resolve(0));
    if (refusal?.outcome !== 'guests') throw error;
    await reply.code(409).send(refusalBody(refusal));
    return null;
  }
}
