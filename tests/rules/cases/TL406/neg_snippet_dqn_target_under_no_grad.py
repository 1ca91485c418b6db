def optimize_model():
    batch = Transition(*zip(*memory.sample(BATCH_SIZE)))
    states = torch.cat(batch.state)
    actions = torch.cat(batch.action)
    rewards = torch.cat(batch.reward)
    next_states = torch.cat(batch.next_state)
    q = policy_net(states).gather(1, actions).squeeze(1)
    with torch.no_grad():
        target = rewards + GAMMA * policy_net(next_states).max(1)[0]
    loss = F.smooth_l1_loss(q, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
