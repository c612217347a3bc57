/** A NUL character (%00) in the path or query: refused (400) before any route, as in a JSON body. */
import type { RequestHandler } from 'express';
import { BadRequest } from './httpError';

const URL_HAS_NUL = 'The address holds a NUL character (%00), which no name or parameter accepts: remove it.';

export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.originalUrl)) throw new BadRequest(URL_HAS_NUL);
  next();
};
