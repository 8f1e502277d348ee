async def save():
    return 1

async def main():
    await save()
