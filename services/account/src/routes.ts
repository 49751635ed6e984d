import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  badRequest,
  HttpError,
  notFound,
  ServiceCallError,
  rawJson,
  unauthorized,
  type Clock,
  type Handlers,
  type Principal,
  type RawJson,
  type ServiceClient,
} from '@pawfresh/kit';
import {
  accountContract,
  type CustomerDog,
  type CustomerPaymentMethod,
  type Profile,
} from '@pawfresh/contracts/account';
import type { productContract, Product } from '@pawfresh/contracts/product';
import type { identityContract, User } from '@pawfresh/contracts/identity';
import type { dogsContract, Dog } from '@pawfresh/contracts/dogs';
import type { paymentContract, PaymentMethod } from '@pawfresh/contracts/payment';
import type { courierContract } from '@pawfresh/contracts/courier';
import {
  compareExtras,
  compareMeals,
  isShownToCustomers,
  toCustomerProduct,
} from './rules/product-visibility.js';
import { relay } from './upstream-errors.js';
import type { OrderEndpoint } from './routes/orders.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie.js';

export interface AccountDependencies {
  product: ServiceClient<typeof productContract>;
  identity: ServiceClient<typeof identityContract>;
  dogs: ServiceClient<typeof dogsContract>;
  payment: ServiceClient<typeof paymentContract>;
  courier: ServiceClient<typeof courierContract>;
  clock: Clock;
  /** Cookies marked Secure when the site is served over https. */
  secureCookies: boolean;
}

const productsResponse = accountContract.endpoints.getProducts.response;

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

function customerProducts(catalogue: readonly Product[]) {
  const visible = catalogue.filter(isShownToCustomers);
  const ofType = (type: string) => visible.filter((p) => p.type === type).map(toCustomerProduct);
  return {
    meals: ofType('meal').sort(compareMeals),
    treats: ofType('treat').sort(compareExtras),
    supplements: ofType('supplement').sort(compareExtras),
  };
}

/** The signed-in customer's id (the kit has already checked the access token). */
function customerId(auth: Principal | undefined): string {
  if (auth?.kind !== 'user') throw unauthorized('Sign in to continue');
  return auth.userId;
}

/** customer-app.md §3 "User profile": cognitoUserId is the user's id. */
const toProfile = (user: User): Profile => ({
  cognitoUserId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
});

/** customer-app.md §3 "Payment method": what a customer sees of a saved card. */
const toCustomerCard = (card: PaymentMethod): CustomerPaymentMethod => ({
  id: card.id,
  brand: card.brand,
  expiryMonth: card.expiryMonth,
  expiryYear: card.expiryYear,
  last4Digits: card.last4Digits,
  default: card.default,
});

const toCustomerDog = ({ userId: _owner, ...dog }: Dog): CustomerDog => dog;

export function accountHandlers(
  deps: AccountDependencies,
): Omit<Handlers<typeof accountContract>, OrderEndpoint> {
  const { identity, dogs, product, payment, courier, clock, secureCookies } = deps;
  // The product client hands back the same (frozen) list while the catalogue is unchanged, so the
  // customer's answer is built and serialised once per catalogue revision.
  const answers = new WeakMap<object, RawJson>();

  /** The customer's saved cards; a customer who never saved one has none (not an error). */
  async function savedCards(userId: string): Promise<PaymentMethod[]> {
    try {
      return await payment.listPaymentMethods({ params: { userId } });
    } catch (err) {
      if (err instanceof ServiceCallError && err.status === 404) return [];
      throw err;
    }
  }

  /** A new session for this device after a password change signed every session out. */
  async function continueSession(
    userId: string,
    password: string,
    clientIp: string,
    reply: FastifyReply,
  ) {
    const user = await identity.getUser({ params: { userId } });
    const session = await identity.createSession({
      body: { email: user.email, password, clientIp },
    });
    setRefreshCookie(
      reply,
      session.refreshToken,
      new Date(session.refreshTokenExpiresAt),
      secureCookies,
      clock.now(),
    );
  }

  return {
    login: async ({ body }, request, reply) => {
      const session = await relay(
        identity.createSession({ body: { ...body, clientIp: request.ip } }),
        [400, 401, 429],
      );
      if (session.user.role !== 'customer') {
        // Staff sign in to the back office, not the customer app.
        await identity.revokeSession({ body: { refreshToken: session.refreshToken } });
        throw new HttpError(401, 'Incorrect email or password');
      }
      setRefreshCookie(
        reply,
        session.refreshToken,
        new Date(session.refreshTokenExpiresAt),
        secureCookies,
        clock.now(),
      );
      return { accessToken: session.accessToken, refreshToken: session.refreshToken };
    },

    refresh: async (_input, request, reply) => {
      const refreshToken = readRefreshCookie(request);
      if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
      try {
        const session = await relay(
          identity.refreshSession({ body: { refreshToken, clientIp: request.ip } }),
          [400, 401],
        );
        setRefreshCookie(
          reply,
          session.refreshToken,
          new Date(session.refreshTokenExpiresAt),
          secureCookies,
          clock.now(),
        );
        return { accessToken: session.accessToken };
      } catch (err) {
        if (err instanceof HttpError) {
          clearRefreshCookie(reply, secureCookies);
          throw unauthorized(SESSION_EXPIRED);
        }
        throw err;
      }
    },

    logout: async (_input, request, reply) => {
      const refreshToken = readRefreshCookie(request);
      if (refreshToken) await identity.revokeSession({ body: { refreshToken } });
      clearRefreshCookie(reply, secureCookies);
      return { success: true as const };
    },

    forgotPassword: async ({ body }, request) => {
      await relay(
        identity.requestPasswordReset({ body: { email: body.email, clientIp: request.ip } }),
        [400, 429],
      );
      return { success: true as const };
    },

    confirmForgotPassword: async ({ body }) => {
      await relay(
        identity.confirmPasswordReset({
          body: { email: body.email, code: body.confirmationCode, password: body.password },
        }),
        [400, 401, 429],
      );
      return { success: true as const };
    },

    resetPassword: async ({ body, auth }, request, reply) => {
      const userId = customerId(auth);
      try {
        await relay(identity.changePassword({ params: { userId }, body }), [400]);
      } catch (err) {
        // A wrong current password is a mistake in the form (400), not a lost session (401).
        if (err instanceof ServiceCallError && err.status === 401) {
          throw badRequest(
            ServiceCallError.describe(err.body) ?? 'The current password is incorrect',
          );
        }
        throw err;
      }
      // Changing the password signs out every session; keep this device signed in.
      await continueSession(userId, body.password, request.ip, reply);
      return { success: true as const };
    },

    getMe: async ({ auth }) =>
      toProfile(await relay(identity.getUser({ params: { userId: customerId(auth) } }), [404])),

    updateMe: async ({ body, auth }, request, reply) => {
      const userId = customerId(auth);
      const user = await relay(identity.updateUser({ params: { userId }, body }));
      if (body.password) await continueSession(userId, body.password, request.ip, reply);
      return toProfile(user);
    },

    getDefaultAddress: async ({ auth }) =>
      relay(identity.getDefaultAddress({ params: { userId: customerId(auth) } }), [404]),

    putDefaultAddress: async ({ body, auth }) => {
      const { date, ...address } = body;
      if (date !== undefined) {
        throw badRequest(
          'Moving a delivery along with the address is not available yet: send the address without "date"',
        );
      }
      await relay(
        identity.putDefaultAddress({ params: { userId: customerId(auth) }, body: address }),
      );
      return { success: true as const };
    },

    checkEmail: async ({ query }) => relay(identity.checkEmail({ query })),

    getDogs: async ({ auth }) =>
      (await dogs.listDogs({ query: { userId: customerId(auth) } })).map(toCustomerDog),

    getDogsMetadata: async () => dogs.getMetadata({}),

    addDog: async ({ body, auth }) => {
      const userId = customerId(auth);
      if (body.productIds.length > 0) {
        const meals = new Set(
          (await product.listProducts({ query: { type: 'meal' } })).map((p) => p.id),
        );
        const unknown = body.productIds.filter((id) => !meals.has(id));
        if (unknown.length > 0)
          throw badRequest(`productIds must be meal product ids: ${unknown.join(', ')}`);
      }
      const dog = await relay(
        dogs.createDog({ body: { userId, dog: body.dog, mealProductIds: body.productIds } }),
        [400],
      );
      return toCustomerDog(dog);
    },

    updateDog: async ({ params, body, auth }) =>
      toCustomerDog(
        await relay(
          dogs.updateDog({
            params: { dogId: params.id },
            query: { userId: customerId(auth) },
            body: body.dog,
          }),
          [400, 404],
        ),
      ),

    updateDogProfile: async ({ body, auth }) =>
      toCustomerDog(
        await relay(
          dogs.updateDogProfile({
            params: { dogId: body.dogId },
            query: { userId: customerId(auth) },
            body: body.dogProfileInput,
          }),
          [400, 404],
        ),
      ),

    getMealRecommendations: async ({ params, auth }) =>
      relay(
        product.getMealRecommendations({
          params: { animalId: params.animalId },
          query: { userId: customerId(auth) },
        }),
        [400, 404],
      ),

    getPaymentMethods: async ({ auth }) => (await savedCards(customerId(auth))).map(toCustomerCard),

    getDefaultPaymentMethod: async ({ auth }) => {
      const card = (await savedCards(customerId(auth))).find((c) => c.default);
      if (!card) throw notFound('No saved card yet');
      return toCustomerCard(card);
    },

    setDefaultPaymentMethod: async ({ body, auth }) =>
      toCustomerCard(
        await relay(
          payment.setDefaultPaymentMethod({
            params: { userId: customerId(auth), paymentMethodId: body.paymentMethodId },
          }),
          [400, 404],
        ).catch((err: unknown) => {
          // Another customer's card, or none: the same answer either way.
          if (err instanceof HttpError && err.statusCode === 404) throw notFound('Card not found');
          throw err;
        }),
      ),

    getDeliverySchedules: async ({ query }) =>
      relay(
        courier.getDeliverySchedules({
          query: {
            postcode: query.postCode,
            suburb: query.suburb,
            fromDate: query.fromDate,
            toDate: query.toDate,
          },
        }),
        [400, 404],
      ),

    checkServiceability: async ({ body }) => relay(courier.checkServiceability({ body }), [400]),

    getProducts: async () => {
      const catalogue = await product.listProducts({});
      let answer = answers.get(catalogue);
      if (!answer) {
        const json = JSON.stringify(productsResponse.parse(customerProducts(catalogue)));
        const tag = createHash('sha256').update(json).digest('base64url').slice(0, 22);
        answer = rawJson(json, `products-${tag}`);
        answers.set(catalogue, answer);
      }
      return answer;
    },
  };
}
