import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers';

afterAll(() => removeTempDirs());
