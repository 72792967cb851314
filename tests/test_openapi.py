"""The OpenAPI document states the contract (README.md#the-contract): the bearer scheme, and on
every operation the errors it answers, in our `Problem` shape, never the framework's own."""

from __future__ import annotations

import json

from litestar.testing import TestClient

SCHEMA_PATHS = ("/schemas/events.json", "/schemas/commands.json", "/systems/{system}/schemas/{which}")


def _document(client: TestClient) -> dict:
    return client.get("/schema/openapi.json").json()


def test_the_bearer_scheme_is_declared_and_required_under_campaigns_and_missions(client: TestClient):
    document = _document(client)
    assert document["components"]["securitySchemes"]["bearer"] == {"type": "http", "scheme": "bearer", "description": "a member's token"}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            needs_token = path.startswith(("/missions/", "/campaigns/{"))
            assert operation.get("security") == ([{"bearer": []}] if needs_token else None), (method, path)
            assert ({"401", "403"} <= operation["responses"].keys()) == needs_token, (method, path)


#: A failing probe answers its own body (what is wrong), documented as such.
HEALTH_PROBES = {"/health": "Health", "/ready": "Ready"}


def test_every_error_answer_is_documented_as_a_problem(client: TestClient):
    document = _document(client)
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["properties"]) == {"code", "rule", "message", "field", "current_version", "params"}
    assert set(problem["required"]) == {"code", "rule", "message"}
    assert '"status_code"' not in json.dumps(document["paths"])
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if int(status) >= 400 and path not in HEALTH_PROBES:
                    assert response["content"] == {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}, (method, path, status)


def test_a_failing_health_probe_is_documented_with_its_own_body(client: TestClient):
    paths = _document(client)["paths"]
    for path, body in HEALTH_PROBES.items():
        assert paths[path]["get"]["responses"]["503"]["content"] == {"application/json": {"schema": {"$ref": f"#/components/schemas/{body}"}}}


def test_writes_document_their_refusals_and_reads_by_id_their_404(client: TestClient):
    paths = _document(client)["paths"]
    assert set(paths["/missions/{mission_id}/rolls"]["post"]["responses"]) == {"201", "400", "401", "403", "404", "409", "413", "422", "503"}
    assert set(paths["/missions/{mission_id}/events"]["get"]["responses"]) == {"200", "400", "401", "403", "404", "503"}
    assert set(paths["/campaigns"]["post"]["responses"]) == {"201", "400", "413", "422", "503"}
    assert set(paths["/schemas/events.json"]["get"]["responses"]) == {"200"}


def test_published_schemas_are_documented_as_json_objects(client: TestClient):
    paths = _document(client)["paths"]
    for path in SCHEMA_PATHS:
        content = paths[path]["get"]["responses"]["200"]["content"]
        assert content["application/schema+json"]["schema"]["type"] == "object", path
    assert client.get("/schemas/events.json").json()["title"] == "Skirmish Ledger stored event"


def test_a_records_command_is_documented_as_an_object_or_null(client: TestClient):
    """Only the first event of a batch records its command; the others carry null."""
    recorded = _document(client)["components"]["schemas"]["Recorded"]
    assert recorded["properties"]["command"] == {"oneOf": [{"type": "object"}, {"type": "null"}]}
