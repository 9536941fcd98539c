/** The ids of the Check-in and Check-out inputs, shared by the picker and its placeholder, and of what is wrong with their dates. */
export const startDateId = 'check-in';
export const endDateId = 'check-out';
export const datesProblemId = 'dates-problem';
