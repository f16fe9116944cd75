// What each figure means, in the words of docs/business-figures.md (which has worked examples).
// The page shows them on hover and focus beside each figure and, all together, in its footnote.

export const DEFINITIONS = {
  mrr: 'Monthly recurring revenue: the sum of paying members’ monthly amounts. A yearly plan counts a twelfth of its price a month; trials and the free plan count zero. A payment failing in its grace period and a cancellation scheduled for the period end still count until the plan ends.',
  paying:
    'Members on a paid plan now, including those whose payment is failing in its grace period and those who scheduled a cancellation. Trials are not paying.',
  arpu: 'Average revenue per paying member: MRR divided by paying members (zero with none).',
  trials: 'Members in their free trial now.',
  cancelling:
    'Paying members who scheduled a cancellation for the end of their period, and the MRR they take with them then.',
  failing:
    'Paying members whose renewal failed and who are in their grace period while the payment is retried, and their MRR.',
  byPlan: 'Paying members and their MRR by plan and billing interval.',
  mrrBalance: 'MRR at the end = MRR at the start + new + reactivation + expansion − contraction − churn.',
  newMrr: 'MRR from members who paid for the first time (from zero, never paid before).',
  reactivation: 'MRR from members who had paid before, stopped, and pay again.',
  expansion: 'The increase when a paying member moves to a dearer plan or interval.',
  contraction: 'The decrease when a paying member moves to a cheaper plan or interval.',
  churn: 'The MRR of paying members whose plan ended (to zero).',
  payingMembers:
    'Paying members at the start and end of the period, members who paid for the first time, who returned, and whose plan ended.',
  logoChurn: 'Members whose paid plan ended in the period ÷ paying members at its start.',
  revenueChurn: 'Gross: (churn + contraction) ÷ MRR at the start of the period.',
  trialConversion:
    'By the period the trial started: of the trials started then, the share whose member chose a paid plan before the trial ended.',
  payments:
    'Renewals that failed in the period; of them, recovered (paid within the grace period) and lost (grace ended unpaid, the plan ended).',
  revenue: 'Money actually collected: invoices paid in the period, refunds given in it, and the net.',
  cohortPaying:
    'Of the members who signed up in the month, the share paying at the end of each following month (month 0 is the sign-up month; the current month counts now).',
  cohortTraining:
    'Of the members who signed up in the month, the share who completed at least one program day in each following month.',
  funnel:
    'Of the members who signed up in the month, how many completed day 1, 7, 14, 21 and 28 of their first round, and how many started a second round.',
} as const;

export type Defined = keyof typeof DEFINITIONS;

/** The footnote's order and headings. */
export const FOOTNOTE: { term: string; key: Defined }[] = [
  { term: 'MRR', key: 'mrr' },
  { term: 'Paying members', key: 'paying' },
  { term: 'ARPU', key: 'arpu' },
  { term: 'In trial', key: 'trials' },
  { term: 'Scheduled cancellations', key: 'cancelling' },
  { term: 'Failing payments', key: 'failing' },
  { term: 'MRR balance', key: 'mrrBalance' },
  { term: 'New MRR', key: 'newMrr' },
  { term: 'Reactivation', key: 'reactivation' },
  { term: 'Expansion', key: 'expansion' },
  { term: 'Contraction', key: 'contraction' },
  { term: 'Churn', key: 'churn' },
  { term: 'Logo churn', key: 'logoChurn' },
  { term: 'Revenue churn', key: 'revenueChurn' },
  { term: 'Trial conversion', key: 'trialConversion' },
  { term: 'Failed payments', key: 'payments' },
  { term: 'Revenue collected', key: 'revenue' },
  { term: 'Cohort: still paying', key: 'cohortPaying' },
  { term: 'Cohort: still training', key: 'cohortTraining' },
  { term: 'Program funnel', key: 'funnel' },
];
