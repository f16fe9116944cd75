import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { programQuery } from './api';

/**
 * Shows its children once the member has trained (a day done, or a round behind them): a trial
 * member's first screens lead to the first rep, not to the plans (docs/decisions/0029). The
 * layout loads it lazily, for members on a running trial only.
 */
export default function AfterFirstSession({ children }: { children: ReactNode }) {
  const program = useQuery(programQuery());
  const state = program.data;
  if (!state) return null;
  return state.completions.length > 0 || state.round.number > 1 ? children : null;
}
