import { z } from 'zod';
import { CHECKOUT_PLAN_IDS } from './plans.ts';

// The subscription routes' request schemas, apart from the plan catalogue so the pages that only
// read plans (the upgrade banner on every page) load no zod.
const PlanIdSchema = z.enum(CHECKOUT_PLAN_IDS, { error: 'Please choose one of the plans' });
/** spec §7 create-checkout. */
export const CheckoutSchema = z.object({ plan: PlanIdSchema });
/** spec §7 update-subscription: the provider's checkout session the success page came back with. */
export const ConfirmSchema = z.object({ session_id: z.string().min(1).max(200) });
export const ChangePreviewSchema = z.object({ plan: PlanIdSchema });
export const ChangePlanSchema = z.object({
  plan: PlanIdSchema,
  /** The preview's proration instant (seconds), so the charge is the one the member was shown. */
  proration_date: z
    .number({ error: 'proration_date must be a time in seconds' })
    .int({ error: 'proration_date must be a time in seconds' })
    .positive({ error: 'proration_date must be a time in seconds' })
    .optional(),
});
