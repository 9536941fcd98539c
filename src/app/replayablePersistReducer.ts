import type { Action, Reducer } from '@reduxjs/toolkit';
import { DEFAULT_VERSION, PERSIST, persistReducer } from 'redux-persist';
import type { PersistConfig, PersistState } from 'redux-persist';

type Persisted<S> = S & { _persist: PersistState };

/**
 * redux-persist's reducer, except that it also takes a PERSIST action that carries no functions.
 *
 * The PERSIST that persistStore dispatches carries two callbacks (register, rehydrate), and the
 * reducer starts reading storage through them. A recorded session (a Redux DevTools export, or
 * any list of actions kept as JSON) has lost them, and redux-persist then throws ("either
 * rehydrate or register is not a function"), so the session cannot be replayed. Here such a
 * PERSIST does what the live one does to the state and nothing else: the slice is marked as
 * persisted but not yet rehydrated, and nothing is read or written. The recorded REHYDRATE
 * that follows it carries what storage held then, so replaying it gives the state the live
 * store had. (Without a PERSIST with functions, the reducer never writes to storage either.)
 */
export function replayablePersistReducer<S, A extends Action>(config: PersistConfig<S>, base: Reducer<S, A>): Reducer<Persisted<S>, A> {
  const persisted = persistReducer(config, base) as unknown as Reducer<Persisted<S>, A>;
  const version = config.version ?? DEFAULT_VERSION;
  return (state, action) => {
    if (action.type !== PERSIST || typeof (action as { register?: unknown }).register === 'function') return persisted(state, action);
    if (state?._persist) return state;
    return { ...base(state, action), _persist: { version, rehydrated: false } };
  };
}
