/** The parts of a Module Federation mf-manifest.json the gate reads; everything else may vary. */
import { z } from 'zod';

const Assets = z
  .object({
    js: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).partial(),
    css: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).partial(),
  })
  .partial();

export const RemoteManifest = z.object({
  name: z.string(),
  metaData: z.object({
    publicPath: z.string().optional(),
    remoteEntry: z.object({ name: z.string(), path: z.string().default('') }),
    contract: z.object({ name: z.string(), version: z.number() }).optional(),
  }),
  shared: z
    .array(
      z.object({
        name: z.string(),
        version: z.string().optional(),
        requiredVersion: z.string().optional(),
        singleton: z.boolean().optional(),
      }),
    )
    .default([]),
  exposes: z.array(z.object({ name: z.string(), path: z.string().optional(), assets: Assets.optional() })).default([]),
});

export type RemoteManifest = z.infer<typeof RemoteManifest>;
