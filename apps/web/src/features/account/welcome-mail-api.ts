import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** The welcome email as this person received it. */
export const fetchWelcomeMail = () => call(endpoints.welcomeMail);
