async def save():
    return 1

async def main():
    save()  # expect: floating-promise
