async def save():
    return 1

async def main():
    await save()


def test_sync():
    def foo():
        return 1

    foo()


def test_async():
    async def foo():
        return 1

    return foo
