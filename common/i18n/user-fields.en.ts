/** The labels of a user's address, papers and profile fields, as the back office's users and the portal's profile show them. */
export const userFieldLabelsEn = {
  postal_code: 'Postal code',
  street: 'Street',
  house: 'House',
  apartment: 'Apartment',
  building: 'Building',
  passport_number: 'Passport number',
  passport_number_when: 'Issue date',
  passport_issued_by: 'Issued by',
  passport_subdivision_code: 'Subdivision code',
  insurance_number: 'Individual insurance number',
  timezone: 'Time zone',
  interests: 'Interests',
  hobby: 'Hobby',
  labor_status: 'Labour status',
  business_status: 'Business status',
};
