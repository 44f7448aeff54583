import { z } from 'zod';

/** The success body every call answers with: {status: "success", message, data}. */
export function ok<T>(data: T, message = 'OK'): { status: 'success'; message: string; data: T } {
  return { status: 'success', message, data };
}

/** The success envelope every call answers with; data is described per call where it matters. */
export const successEnvelope = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.any(),
});

/** The error envelope: never a stack trace. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});

/** Response schemas given to every route that declares none, so the OpenAPI document is complete. */
export const defaultResponses = {
  200: successEnvelope,
  201: successEnvelope,
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  415: errorEnvelope,
  422: errorEnvelope,
  423: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
};
