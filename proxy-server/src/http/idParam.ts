/** A numeric id from the URL (`/favorites/:id`, `/test-sets/:id`...), or a 400 with a clear message. */
import { BadRequest } from './httpError';

export const idParam = (raw: string | undefined): number => {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new BadRequest('The id must be a whole number.');
  return Number(raw);
};
