import type { ReactNode } from 'react';

/** The frame of the privacy policy and the terms: title, the spec's date line, sections. */
export function LegalPage({
  title,
  sections,
}: {
  title: string;
  sections: { heading: string; body: ReactNode }[];
}) {
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-12 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        <p className="text-sm text-zinc-500">This page was last updated January 1, 2025.</p>
      </header>
      {sections.map((section) => (
        <section key={section.heading} className="grid gap-2 text-zinc-700">
          <h2 className="text-xl font-bold text-zinc-950">{section.heading}</h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
