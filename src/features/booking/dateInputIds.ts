/** The ids of the Check-in and Check-out inputs, shared by the picker and its placeholder. */
export const startDateId = 'check-in';
export const endDateId = 'check-out';
