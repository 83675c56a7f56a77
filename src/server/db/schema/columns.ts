import { customType, timestamp, uuid } from "drizzle-orm/pg-core";
import { formatCents, parseNumericCents } from "../../../shared/rules/money";

/** numeric(10,2) in SQL, integer cents in code (docs/product-contract.md "Money"). */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => "numeric(10, 2)",
  toDriver: (cents) => formatCents(cents),
  fromDriver: (value) => parseNumericCents(String(value)),
});

export const id = () => uuid("id").primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
