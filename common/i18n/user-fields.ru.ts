/** Подписи полей адреса, документов и профиля пользователя: карточка в бэк-офисе и профиль в портале. */
export const userFieldLabelsRu = {
  postal_code: 'Индекс',
  street: 'Улица',
  house: 'Дом',
  apartment: 'Квартира',
  building: 'Корпус',
  passport_number: 'Серия и номер паспорта',
  passport_number_when: 'Дата выдачи',
  passport_issued_by: 'Кем выдан',
  passport_subdivision_code: 'Код подразделения',
  insurance_number: 'СНИЛС',
  timezone: 'Часовой пояс',
  interests: 'Интересы',
  hobby: 'Хобби',
  labor_status: 'Трудовой статус',
  business_status: 'Бизнес-статус',
};
