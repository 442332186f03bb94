import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createApi } from './data/api'
import { makeRouter } from './router'
import { installWebCommandContext } from './commands-context'
import '../../commands/all'
import './styles/index.css'

const api = createApi('')
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
})

async function boot() {
  const info = await api.studio().catch(() => ({ isPlatform: false }))
  const router = makeRouter({ queryClient, isPlatform: info.isPlatform })
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
