import { z } from 'zod';
import { SUCCESS_CODE } from './errors';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}
