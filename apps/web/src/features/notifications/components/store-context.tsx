import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  useNotificationsStore,
  type NotificationsStore,
  type NotificationsStoreApi,
} from '../store';

// The site's store by default; a test hands in one built on a fake API.
const NotificationsContext = createContext<NotificationsStoreApi>(useNotificationsStore);

export function NotificationsProvider(props: {
  store: NotificationsStoreApi;
  children: ReactNode;
}) {
  return (
    <NotificationsContext.Provider value={props.store}>
      {props.children}
    </NotificationsContext.Provider>
  );
}

export function useNotifications<T>(selector: (state: NotificationsStore) => T): T {
  return useStore(useContext(NotificationsContext), selector);
}

/** The store itself, for effects that must not rerun on every change. */
export function useNotificationsStoreApi(): NotificationsStoreApi {
  return useContext(NotificationsContext);
}

/** The actions, for event handlers (the functions are stable; the object is not). */
export function useNotificationActions(): NotificationsStore {
  return useContext(NotificationsContext).getState();
}
