"""Generated gRPC code of ``protos/arbitre/v1`` (``python -m arbitre.codegen``)."""
