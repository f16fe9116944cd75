import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { saveThemeChoice, type ThemeChoice } from '@/lib/theme';
import { useThemeChoice } from '@/lib/use-theme';

const OPTIONS: { value: ThemeChoice; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: "Follows your phone's or computer's setting" },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

/** Light or dark on this device; kept in the browser, not the account (another phone may differ). */
export function ThemeCard() {
  const choice = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="theme-heading">Appearance</CardTitle>
        <CardDescription>Light or dark on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby="theme-heading" className="grid gap-2 sm:grid-cols-3">
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-zinc-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="theme"
                value={o.value}
                checked={choice === o.value}
                onChange={() => saveThemeChoice(o.value)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold">{o.label}</span>
                <span className="text-xs text-zinc-600">{o.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
