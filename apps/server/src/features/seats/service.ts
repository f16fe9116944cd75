// Assignment and limited seats of 1-on-1 Burn: holds during a checkout, the waitlist and its offers.
export { assertSeatFor, ensureCoach, holdSeat, releaseHold, SEATS_FULL_MESSAGE } from './holds.ts';
export { offerFreeSeats, offerSeatsSoon, SEAT_OFFERS_QUEUE } from './offers.ts';
