import type { ExerciseMediaInfo } from '../../exercises/api';

// TEMPORARY (until i17-program's API is merged): the contract's types, by hand.
export type ExerciseCategory = 'time' | 'reps';
export type Prescription = {
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
};
export type SessionStep = {
  id: string;
  kind: 'warmup' | 'work' | 'rest' | 'cooldown';
  title: string;
  instructions: string;
  durationSeconds: number | null;
  targetReps: number | null;
  set: number | null;
  sets: number | null;
  demoKey: string | null;
};
export type SessionData = {
  day: number;
  currentDay: number;
  isToday: boolean;
  isCompleted: boolean;
  exercise: {
    id: number;
    name: string;
    category: ExerciseCategory;
    demoKey: string | null;
    exercise: string;
    description: string;
    media?: ExerciseMediaInfo;
  };
  prescription: Prescription;
  steps: SessionStep[];
  estimatedSeconds: number;
};
