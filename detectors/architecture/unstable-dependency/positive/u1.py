import core
