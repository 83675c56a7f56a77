import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-errors";
import { isStaffAreaPath } from "./access";

type FieldError = { field: string; message: string };

/** One error shape for the whole API: { message, errors? } (plus `error` under /api/admin). */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    let status: number;
    let message: string;
    let errors: FieldError[] | undefined;
    let code: string | undefined;

    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      errors = err.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params),
        message: v.message ?? "Invalid value",
      }));
      message = errors.map((e) => e.message).join("; ") || "Invalid request";
    } else if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
      errors = err.errors;
      code = err.code;
    } else if ((err as FastifyError).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      status = 400;
      message = "Request body must be JSON";
    } else if ((err as FastifyError).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      status = 413;
      message = "Request body is too large";
    } else if (err instanceof SyntaxError || (err as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY") {
      status = 400;
      message = "Request body is not valid JSON";
    } else if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      message = err.message;
    } else {
      status = 500;
      message = "Something went wrong on our side. Please try again.";
      req.log.error({ err }, "request failed");
    }

    const body: Record<string, unknown> = { message };
    if (errors?.length) body.errors = errors;
    if (code) body.code = code;
    if (isStaffAreaPath(req.url)) body.error = message;
    void reply.status(status).send(body);
  });
});

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  if (path) return path;
  if (Array.isArray(missing) && missing.length) return missing.join(".");
  return "body";
}
