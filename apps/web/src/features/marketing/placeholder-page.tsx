/** A route whose screen a later issue builds; the route and its access rule already hold. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {description && <p className="mt-3 text-zinc-600">{description}</p>}
    </section>
  );
}
