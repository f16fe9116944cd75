import { fuzzArea } from './fuzz-suite.ts';

fuzzArea('coaching');
