import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { programQuery } from './api';

/** The program state for /program and /progress, with the spec §8 toast when it cannot load. */
export function useProgram() {
  const program = useQuery(programQuery());
  useEffect(() => {
    if (program.isError) toast.error('Error', { description: 'Failed to load your progress data' });
  }, [program.isError]);
  return program;
}

export function ProgramLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 px-4 py-16">
      <p>Failed to load your progress data</p>
      <Button variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
