import subprocess
import time

import requests


async def refresh(url):
    time.sleep(1)  # expect: blocking-call-in-async
    data = requests.get(url).json()  # expect: blocking-call-in-async
    subprocess.run(["sync"], check=True)  # expect: blocking-call-in-async
    return data
