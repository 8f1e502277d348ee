from lib import api

def use():
    return api()
