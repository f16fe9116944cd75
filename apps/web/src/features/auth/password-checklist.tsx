import { PASSWORD_RULES, unmetPasswordRules } from '@core28/core/auth';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/class-names';

/** The live checklist of the password policy (spec §5), one line per rule. */
export function PasswordChecklist({ password }: { password: string }) {
  const unmet = new Set(unmetPasswordRules(password).map((rule) => rule.id));
  return (
    <ul className="grid gap-1 text-xs" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const isMet = !unmet.has(rule.id);
        return (
          <li
            key={rule.id}
            className={cn('flex items-center gap-1.5', isMet ? 'text-green-700' : 'text-zinc-500')}
          >
            {isMet ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
            {rule.label}
            <span className="sr-only">{isMet ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
