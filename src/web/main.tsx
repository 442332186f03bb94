import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { ApiError, createApi } from './data/api'
import { makeRouter } from './router'
import { installWebCommandContext } from './commands-context'
import { onSignInPage, sendToSignIn } from './model/account/session'
import '../../commands/all'
import './styles/index.css'

// any 401 (no session, or it ended) sends the user to /sign-in and back here after
const api = createApi('', {}, { onUnauthorized: sendToSignIn })
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
})

/** What the studio call tells before anything renders; without a session only /sign-in is shown. */
async function session(): Promise<{ isPlatform: boolean; signedIn: boolean } | 'leaving'> {
  try {
    const info = await api.studio()
    return { isPlatform: info.isPlatform, signedIn: true }
  } catch (e) {
    // 401 away from /sign-in: onUnauthorized is loading /sign-in already, so nothing is drawn meanwhile
    if (e instanceof ApiError && e.code === 401 && !onSignInPage()) return 'leaving'
    return { isPlatform: false, signedIn: false }
  }
}

async function boot() {
  const info = await session()
  if (info === 'leaving') return
  const router = makeRouter({ queryClient, isPlatform: info.isPlatform, signedIn: info.signedIn })
  installWebCommandContext({ router, queryClient, api, isPlatform: info.isPlatform })
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

void boot()
