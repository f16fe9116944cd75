import type { ExerciseCategory, Prescription, SessionStep } from '@core28/core/session-plan';
import type { ExerciseMediaInfo } from '../../exercises/api';

export type { SessionStep };

// TEMPORARY (until i17-program's API is merged): the contract's types, by hand.
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

export type PlanDay = {
  day: number;
  exercise: {
    id: number;
    name: string;
    category: ExerciseCategory;
    demoKey: string | null;
    exercise: string;
  };
  prescription: Prescription;
  estimatedMinutes: number;
};
