import type { toast as sonnerToast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast, toasterMounted, toasterWanted } from './toast';

// Sonner loads with the first toast; what was fired before it mounted is not lost.
describe('toast before the toaster is loaded', () => {
  it('asks for the toaster, keeps the toasts, and shows them in order once it is mounted', () => {
    let asked = 0;
    toasterWanted.subscribe(() => asked++);
    expect(toasterWanted.get()).toBe(false);

    toast.error('Could not save', { description: 'Try again' });
    toast('A new version is ready', { id: 'new-version' });
    expect(toasterWanted.get()).toBe(true);
    expect(asked).toBe(1);

    const shown: string[] = [];
    const record = (kind: string) => (title: unknown) => {
      shown.push(`${kind}: ${String(title)}`);
      return 1;
    };
    const sonner = Object.assign(record('message'), {
      success: record('success'),
      error: record('error'),
      info: record('info'),
    }) as unknown as typeof sonnerToast;
    toasterMounted(sonner);
    expect(shown).toEqual(['error: Could not save', 'message: A new version is ready']);

    toast.success('Saved');
    expect(shown.at(-1)).toBe('success: Saved');
    expect(asked).toBe(1);
  });
});
