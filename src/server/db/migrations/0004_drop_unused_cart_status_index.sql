-- Nothing reads carts by status alone (the pending list goes through carts_child_status_created_idx),
-- and every cart insert and status change paid for keeping it.
DROP INDEX "carts_status_idx";