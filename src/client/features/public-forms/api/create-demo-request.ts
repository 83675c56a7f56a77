import type { DemoRequest, DemoRequestCreate } from "@shared/schemas/public-forms";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const createDemoRequest = (data: DemoRequestCreate) => apiJson<DemoRequest>("POST", "/api/demo-requests", data);

/** spec 001 §9: the submitting state lasts about 1.5 s even when the server answers sooner. */
export const DEMO_REQUEST_MIN_SUBMIT_MS = 1500;

const atLeast = async <T>(ms: number, work: Promise<T>): Promise<T> => {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
};

export function useCreateDemoRequest() {
  return useMutation({
    mutationFn: (data: DemoRequestCreate) => atLeast(DEMO_REQUEST_MIN_SUBMIT_MS, createDemoRequest(data)),
  });
}
