export type SeedExercise = {
  name: string;
  exercise: string;
  description: string;
  category: 'time' | 'reps';
  videoUrl: string;
};
export type SeedHomeExercise = { name: string; exercise: string; description: string };
export type SeedArticle = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string | null;
  status: 'published' | 'draft' | 'scheduled';
  daysAgo: number;
};

export const SEED_EXERCISES: SeedExercise[] = Array.from({ length: 28 }, (_, i) => ({
  name: `Exercise ${i + 1}`,
  exercise: 'Summary',
  description: '1. Step',
  category: i % 2 ? 'reps' : 'time',
  videoUrl: 'https://www.youtube.com/results?search_query=plank+tutorial',
}));
export const SEED_HOME_EXERCISES: SeedHomeExercise[] = [
  { name: 'Plank', exercise: 'Hold', description: '1. Hold' },
];
export const SEED_ARTICLES: SeedArticle[] = [
  {
    title: 'A',
    slug: 'a',
    excerpt: 'a',
    content: 'a',
    featuredImageUrl: null,
    status: 'published',
    daysAgo: 3,
  },
];
