import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  FamilyHistoryFilterSchema,
  HistoryCartSchema,
  type HistoryFilter,
  HistoryFilterSchema,
  SpendingSchema,
} from "../../../shared/schemas/history";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireParent } from "../../plugins/auth";
import { findFamilyChild } from "../children/children.repository";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { type HistoryChild, listFamilyChildren, listHistory } from "./history.repository";
import { SettledMonths, spendingOf } from "./history.service";
import { CSV_HEADER, cartCsvLine, csvLine } from "./history-csv";

/* docs/decisions/161: a guardian's history of a child's or the whole family's carts, as pages, CSV and figures. */

const HISTORY_DEFAULT_LIMIT = 25;
/** The CSV is read in pages of this many carts, so a long history streams in bounded memory. */
const CSV_BATCH = 500;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const ChildHistoryQuery = HistoryFilterSchema.extend(pageQuery(HISTORY_DEFAULT_LIMIT).shape);
const FamilyHistoryQuery = FamilyHistoryFilterSchema.extend(pageQuery(HISTORY_DEFAULT_LIMIT).shape);
const pageSummary = `newest first (?limit= default ${HISTORY_DEFAULT_LIMIT}, at most 100; Link rel=next); filters month=YYYY-MM, status, category`;

/** Every cart the filter picks, newest first, as CSV lines read a batch at a time. */
async function* csvLines(db: Db, familyId: string, childIds: string[], filter: HistoryFilter) {
  yield `\uFEFF${csvLine([...CSV_HEADER])}`;
  let cursor: string | undefined;
  for (;;) {
    const rows = await listHistory(db, familyId, childIds, filter, { limit: CSV_BATCH, cursor });
    const shown = rows.slice(0, CSV_BATCH);
    if (shown.length) yield shown.map(cartCsvLine).join("");
    const last = shown.at(-1);
    if (rows.length <= CSV_BATCH || !last) return;
    cursor = last.id;
  }
}

/** A file name a browser keeps as it is: letters and digits of the child's name, or "family". */
const fileName = (who: string, filter: HistoryFilter) => {
  const slug =
    who
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "child";
  return `pocketwise-${slug}-history${filter.month ? `-${filter.month}` : ""}.csv`;
};

function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(lines));
}

const filterOf = ({ month, status, category }: HistoryFilter): HistoryFilter => ({ month, status, category });

export default async function historyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settled = new SettledMonths();

  async function familyChild(familyId: string, childId: string): Promise<HistoryChild> {
    const child = await findFamilyChild(db, familyId, childId);
    if (!child) throw notFound(CHILD_NOT_FOUND);
    return { id: child.id, name: child.name, profileColor: child.profileColor };
  }

  /** The family's children, or the one `childId` names (404 when it is not the family's). */
  async function familyChildren(familyId: string, childId: string | undefined): Promise<HistoryChild[]> {
    if (childId !== undefined) return [await familyChild(familyId, childId)];
    return listFamilyChildren(db, familyId);
  }

  r.get(
    "/api/children/:id/history",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: `A child's carts with who decided and why, ${pageSummary}`,
        params: IdParamsSchema,
        querystring: ChildHistoryQuery,
        response: { 200: z.array(HistoryCartSchema), ...errors },
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const child = await familyChild(familyId, req.params.id);
      const filter = filterOf(req.query);
      const rows = await listHistory(db, familyId, [child.id], filter, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/history`, filter);
    },
  );

  r.get(
    "/api/family/history",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: `Every child's carts with who decided and why, ${pageSummary}, childId`,
        querystring: FamilyHistoryQuery,
        response: { 200: z.array(HistoryCartSchema), ...errors },
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const kids = await familyChildren(familyId, req.query.childId);
      const filter = filterOf(req.query);
      const rows = await listHistory(
        db,
        familyId,
        kids.map((k) => k.id),
        filter,
        req.query,
      );
      return linkNext(reply, rows, req.query.limit, "/api/family/history", { ...filter, childId: req.query.childId });
    },
  );

  r.get(
    "/api/children/:id/history.csv",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: "A child's whole history (with the filters) as a CSV download",
        params: IdParamsSchema,
        querystring: HistoryFilterSchema,
        response: errors,
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const child = await familyChild(familyId, req.params.id);
      const filter = filterOf(req.query);
      return sendCsv(reply, fileName(child.name, filter), csvLines(db, familyId, [child.id], filter));
    },
  );

  r.get(
    "/api/family/history.csv",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: "The family's whole history (with the filters and childId) as a CSV download",
        querystring: FamilyHistoryFilterSchema,
        response: errors,
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const kids = await familyChildren(familyId, req.query.childId);
      const filter = filterOf(req.query);
      const name = fileName(req.query.childId && kids[0] ? kids[0].name : "family", filter);
      return sendCsv(
        reply,
        name,
        csvLines(
          db,
          familyId,
          kids.map((k) => k.id),
          filter,
        ),
      );
    },
  );

  r.get(
    "/api/children/:id/spending",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: "A child's spending by month (last 12) and by category (this month), approvals, declines, insights",
        params: IdParamsSchema,
        response: { 200: SpendingSchema, ...errors },
      },
    },
    async (req) => {
      const child = await familyChild(requireParent(req), req.params.id);
      return spendingOf(db, settled, [child], app.now());
    },
  );

  r.get(
    "/api/family/spending",
    {
      config: { access: "parent" },
      schema: {
        tags: ["history"],
        summary: "The family's spending by month (last 12) and by category (this month), approvals, declines, insights",
        response: { 200: SpendingSchema, ...errors },
      },
    },
    async (req) => spendingOf(db, settled, await listFamilyChildren(db, requireParent(req)), app.now()),
  );
}
