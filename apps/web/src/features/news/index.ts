// What other features use of "What is new": the counts (the tab bar's badges) and the bell.
export { useNewsCounts } from './api';
export { NewsBell } from './news-bell';
