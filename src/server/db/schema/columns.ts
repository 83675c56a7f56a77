import { bigserial, customType, timestamp, uuid } from "drizzle-orm/pg-core";
import { formatCents, parseNumericCents } from "../../../shared/rules/money";

/** numeric(10,2) in SQL, integer cents in code (docs/product-contract.md "Money"). */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => "numeric(10, 2)",
  toDriver: (cents) => formatCents(cents),
  fromDriver: (value) => parseNumericCents(String(value)),
});

export const id = () => uuid("id").primaryKey().defaultRandom();

/**
 * The order rows were added in, unique: rows a rule creates together (a family's children, a child's badges,
 * merchants) share their timestamp, and a page's cursor must continue after exactly one of them
 * (docs/decisions/166).
 */
export const addedOrder = () => bigserial("added_order", { mode: "number" }).notNull();

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
