import asyncio
import time

import requests


async def refresh(url, client):
    await asyncio.sleep(1)
    return (await client.get(url)).json()


def refresh_sync(url):
    time.sleep(1)
    return requests.get(url).json()


async def offload(url):
    def fetch():
        return requests.get(url).json()

    return await asyncio.to_thread(fetch)
