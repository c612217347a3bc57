/** GET /api/openapi.json: the API's OpenAPI 3.1 document, built once from the routes' schemas. */
import express, { type Router } from 'express';
import { openApiDocument } from './document';

export function createOpenApiRoute(): Router {
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(openApiDocument());
  });
  return router;
}
