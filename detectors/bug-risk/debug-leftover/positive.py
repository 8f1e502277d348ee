import pdb


def handle(request):
    breakpoint()  # expect: debug-leftover
    pdb.set_trace()  # expect: debug-leftover
    return request
