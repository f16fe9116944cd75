ALTER TABLE "plan_ledger" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_ledger_invoice_paid_uq" ON "plan_ledger" USING btree ("provider_invoice_id") WHERE "plan_ledger"."kind" = 'invoice_paid';--> statement-breakpoint
CREATE INDEX "plan_ledger_charge_idx" ON "plan_ledger" USING btree ("provider_charge_id") WHERE "plan_ledger"."kind" = 'refunded';--> statement-breakpoint
CREATE INDEX "plan_ledger_states_period_end_idx" ON "plan_ledger_states" USING btree ("period_end") WHERE "plan_ledger_states"."status" <> 'none';--> statement-breakpoint
CREATE INDEX "plan_ledger_states_failing_idx" ON "plan_ledger_states" USING btree ("user_id") WHERE "plan_ledger_states"."failing";