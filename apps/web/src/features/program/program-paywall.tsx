import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { Paywall } from '../subscriptions/paywall';
import { programQuery } from './api';

/** The paywall with what the member did so far, read where it shows (and only then). */
export function ProgramPaywall(props: Omit<ComponentProps<typeof Paywall>, 'progress'>) {
  const program = useQuery(programQuery());
  return <Paywall progress={program.data} {...props} />;
}
